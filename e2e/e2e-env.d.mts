export declare const E2E_PORT: number;
export declare const BASE_URL: string;
export declare const MAIL_PORT: number;
export declare const RUN_DIR: string;
export declare const MAIL_FILE: string;
export declare const E2E_OPERATOR: { email: string; password: string };
export declare const E2E_TOTP_OPERATOR: { email: string; password: string };
export declare const CODE_RESEND_S: number;
