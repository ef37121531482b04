import { scanEveryScreen } from './a11y-scans';

scanEveryScreen('dark', 1280);
