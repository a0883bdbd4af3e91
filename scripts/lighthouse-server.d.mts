export function freePort(): Promise<number>;
export const CHROMIUM_PATH: string;
export const CHROMIUM_FLAGS: string[];
export function startBuiltServer(options?: {
  port?: number;
  dataDir?: string;
  env?: Record<string, string>;
  appDir?: string;
}): Promise<{ url: string; dataDir: string; stop: () => Promise<void> }>;
export function signInWithMailedCode(
  serverUrl: string,
  mailboxUrl: string,
  email: string,
): Promise<string>;
export function mailedCode(mailboxUrl: string, email: string): Promise<string>;
