/**
 * The sign-in's words, shared by the sign-in screen and the header (on the first route) and the
 * dialog (loaded once it is opened). The spec shows no sign-in: these are the product's own.
 */
export const ACCESS_TEXT = {
  title: 'Access token required',
  description:
    'This media library is protected. Enter the access token, or your email and password, to continue.',
  label: 'Access token',
  email: 'Email',
  password: 'Password',
  orPerson: 'Or sign in with your email and password',
  wrongPassword: 'Wrong email or password',
  submit: 'Sign in',
  submitting: 'Signing in...',
  invalid: 'Invalid access token',
  failed: 'Sign-in failed. Please try again.',
} as const
