/** Routes of this build beyond the spec's table (listed in the README). */
export const RESET_PASSWORD_PATH = "/pages/user/reset-password";
