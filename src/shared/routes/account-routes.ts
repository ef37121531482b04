import {
  ZForgotPasswordRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZResetTokenCheck,
  ZResetTokenQuery,
} from '../contracts/accounts';
import { ZApiTokenCreated, ZApiTokenList, ZApiTokenRequest } from '../contracts/api-tokens';
import { ZLoginRequest, ZMeResponse, ZSitesResponse, ZSwitchSiteRequest } from '../contracts/auth';
import {
  ZTwoFactorChallenge,
  ZTwoFactorDisableRequest,
  ZTwoFactorEnabled,
  ZTwoFactorEnableRequest,
  ZTwoFactorLoginRequest,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '../contracts/auth-two-factor';
import { ZBugReportRequest } from '../contracts/bug-report';
import { ZIdParams, ZMessage } from '../contracts/common';
import {
  ZNotificationSettings,
  ZSavedNotification,
  ZSavedNotificationList,
  ZSaveNotificationRequest,
  ZTestEmailRequest,
  ZToggleNotificationRequest,
  ZUpdateNotificationSettingsRequest,
} from '../contracts/notifications';
import { ZCreatedSite, ZCreateSiteRequest, ZRenameSiteRequest, ZSiteIdParams } from '../contracts/sites';
import {
  ZActivateRequest,
  ZCreateSubscriptionRequest,
  ZCreateSubscriptionResponse,
  ZSubscriptionStatus,
  ZTrialSettingsRequest,
} from '../contracts/subscriptions';
import {
  ZCreateUserRequest,
  ZInviteRequest,
  ZSitePermissionsRequest,
  ZSitePermissionsResponse,
  ZSiteUser,
  ZSiteUserList,
  ZToggleStatusResponse,
  ZUpdateUserRequest,
} from '../contracts/users';
import { routes } from './route-spec';

/** Signing in, the signed-in person's own account, users, sites, billing, tokens and notifications. */
export const accountRoutes = routes({
  'POST /api/auth/login': { body: ZLoginRequest, reply: ZMeResponse.or(ZTwoFactorChallenge) },
  'POST /api/auth/login/two-factor': { body: ZTwoFactorLoginRequest, reply: ZMeResponse },
  'GET /api/auth/me': { reply: ZMeResponse },
  'POST /api/auth/logout': { reply: ZMessage },
  'GET /api/auth/two-factor': { reply: ZTwoFactorStatus },
  'POST /api/auth/two-factor/setup': { reply: ZTwoFactorSetup },
  'POST /api/auth/two-factor/enable': { body: ZTwoFactorEnableRequest, reply: ZTwoFactorEnabled },
  'POST /api/auth/two-factor/disable': { body: ZTwoFactorDisableRequest, reply: ZMessage },
  'POST /auth/register': { body: ZRegisterRequest, reply: ZRegisterResponse },
  'POST /auth/forgot-password': { body: ZForgotPasswordRequest, reply: ZMessage },
  'POST /auth/reset-password': { body: ZResetPasswordRequest, reply: ZMessage },
  'GET /auth/reset-password/check': { query: ZResetTokenQuery, reply: ZResetTokenCheck },
  'GET /api/auth/site-users': { reply: ZSiteUserList },
  'POST /api/auth/create-user': { body: ZCreateUserRequest, reply: ZSiteUser },
  'PATCH /api/auth/users/:id': { params: ZIdParams, body: ZUpdateUserRequest, reply: ZSiteUser },
  'POST /api/employees/:id/invite': { params: ZIdParams, body: ZInviteRequest, reply: ZSiteUser },
  'PATCH /api/auth/users/:id/toggle-status': { params: ZIdParams, reply: ZToggleStatusResponse },
  'GET /api/auth/users/:id/site-permissions': { params: ZIdParams, reply: ZSitePermissionsResponse },
  'PUT /api/auth/users/:id/site-permissions': { params: ZIdParams, body: ZSitePermissionsRequest, reply: ZSitePermissionsResponse },
  'GET /api/sites': { reply: ZSitesResponse },
  'POST /api/sites': { body: ZCreateSiteRequest, reply: ZCreatedSite },
  'PUT /api/sites/:siteId/name': { params: ZSiteIdParams, body: ZRenameSiteRequest, reply: ZCreatedSite },
  'DELETE /api/sites/:id': { params: ZIdParams, reply: ZMessage },
  'POST /api/switch-site': { body: ZSwitchSiteRequest, reply: ZMeResponse },
  'POST /api/bug-report': { body: ZBugReportRequest, reply: ZMessage },
  'GET /api/subscription/status': { reply: ZSubscriptionStatus },
  'POST /api/subscription/end-trial': { reply: ZMessage },
  'POST /api/subscription/activate': { body: ZActivateRequest, reply: ZMessage },
  'POST /api/subscription/update-trial-settings': { body: ZTrialSettingsRequest, reply: ZMessage },
  'POST /api/subscription/enable-beta-mode': { reply: ZMessage },
  'POST /api/get-or-create-subscription': { body: ZCreateSubscriptionRequest.optional(), reply: ZCreateSubscriptionResponse },
  'GET /api/saved-notifications': { reply: ZSavedNotificationList },
  'POST /api/saved-notifications': { body: ZSaveNotificationRequest, reply: ZSavedNotification },
  'PUT /api/saved-notifications/:id': { params: ZIdParams, body: ZSaveNotificationRequest, reply: ZSavedNotification },
  'PATCH /api/saved-notifications/:id/toggle': { params: ZIdParams, body: ZToggleNotificationRequest, reply: ZSavedNotification },
  'DELETE /api/saved-notifications/:id': { params: ZIdParams, reply: ZMessage },
  'GET /api/notification-settings': { reply: ZNotificationSettings },
  'PUT /api/notification-settings': { body: ZUpdateNotificationSettingsRequest, reply: ZNotificationSettings },
  'POST /api/test-email': { body: ZTestEmailRequest, reply: ZMessage },
  'GET /api/api-tokens': { reply: ZApiTokenList },
  'POST /api/api-tokens': { body: ZApiTokenRequest, reply: ZApiTokenCreated },
  'DELETE /api/api-tokens/:id': { params: ZIdParams, reply: ZMessage },
});
