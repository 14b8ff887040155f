// Types of card-entry.js: a plain ES module the browser loads as-is, read by the server's card checks and the tests.
export function parseExpiry(input: string): { month: number; year: number } | null;
export function formatExpiryTyping(value: string, options?: { deleting?: boolean }): string;
export function formatCardNumberTyping(value: string): string;
export function formatCvcTyping(value: string): string;
export function caretAfterFormat(typed: string, caret: number, formatted: string): number;
