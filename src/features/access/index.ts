/**
 * What the screen uses of access: the sign-in screen and the header's account controls, the probe of
 * the access status, and loaders of the dialogs and the invite page, which load on first use. The lint
 * rule lets others import only this file of the feature.
 */
export { useAccessStatus } from './api/access'
export { HeaderSignIn, SignInScreen } from './components/sign-in-screen'
export { SignOutMenu } from './components/sign-out-menu'
export const loadAccessDialog = () =>
  import('./components/access-dialog').then((module) => module.AccessDialog)
export const loadPasswordDialog = () =>
  import('./components/password-dialog').then((module) => module.PasswordDialog)
export const loadAcceptInviteScreen = () =>
  import('./components/accept-invite-screen').then((module) => module.AcceptInviteScreen)
