export { addedToAccountEmail, contactInvitationEmail } from './auth.emails';
export { authRoutes } from './auth.routes';
export { type AuthOptions, type AuthService, createAuthService, type IssuedTokens } from './auth.service';
export { createRefreshSuccessor } from './refresh-successor';
export { createTokenSigner } from './token-signer';
