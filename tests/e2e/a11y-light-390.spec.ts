import { scanEveryScreen } from './a11y-scans';

scanEveryScreen('light', 390);
