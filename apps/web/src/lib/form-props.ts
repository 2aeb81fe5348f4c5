/**
 * Spread on antd-mobile's Form: the browser's own validation off (`noValidate` on the `<form>`), so that its bubble,
 * in the browser's language, never covers the app's message, in the user's (issue 41). antd-mobile's Form passes
 * the prop to its `<form>` but does not declare it, hence the spread.
 */
export const APP_VALIDATION_ONLY: object = { noValidate: true };
