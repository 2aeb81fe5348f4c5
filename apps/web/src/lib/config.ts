/**
 * Where the API lives. The server serves this app and the API on one origin, so the default is "" (same
 * origin); a build for another host sets VITE_API_BASE.
 */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? "";
