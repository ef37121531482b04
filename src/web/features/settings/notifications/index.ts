export { EmailNotificationsSection } from './EmailNotificationsSection';
