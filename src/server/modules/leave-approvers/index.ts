/** Who decides a site's time-off requests (decision 092): read by the requests, their mails and the shortfall alerts. */
export { currentApprovers, getApprovers, isApprover, setApprovers } from './approvers';
