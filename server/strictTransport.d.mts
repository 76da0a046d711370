export declare const HSTS_VALUE: string;
export declare function strictTransportSecurity(publicOrigin: string | undefined): string | null;
