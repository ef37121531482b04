/** Colleagues' privacy for Staff (decision 106): what other modules may use. */
export { staffCalendarJson } from './calendar';
export { staffExceptions, staffFeedExceptions, type FeedExceptionFacts } from './redact';
export { registerStaffReplies, STAFF_REPLIES, staffReplyGaps, type StaffRedactor, type StaffReply } from './replies';
export { staffViewFrom, staffViewOf } from './view';
