/** Routes the shell itself navigates to (the full table is app/routes.tsx). */
export const HOME_PATH = "/pages/index/index";
export const LOGIN_PATH = "/pages/login";
