export const CHROMIUM_PATH: string;
