/** What the SEO manager's tools share: the one busy flag and its runner (admin.md §4), and the way out on a 401. */

/** What can keep the tools busy: one of the five tools, or saving or removing product SEO. */
export type Job = 'product' | 'category' | 'audit' | 'blog' | 'keywords' | 'save' | 'clear';

export interface RunOptions {
  /** Handles a failure itself (returns true), e.g. the compliance refusal of a save. */
  onError?: (err: unknown) => boolean;
}

/**
 * admin.md §4: all tools share one busy flag, and a result appears only after an answer with
 * success true. `run` sets the flag, shows the §8 toast and returns the answer (or null).
 */
export interface Runner {
  busy: Job | null;
  run: <T extends { success: boolean; notice?: string | undefined }>(
    job: Job,
    call: () => Promise<T>,
    options?: RunOptions,
  ) => Promise<T | null>;
}

export const SEO_MANAGER_PATH = '/seo-manager';

/** D21: a session that ended sends the admin to the login page, which brings them back here. */
export function toLogin(): void {
  window.location.assign(`/admin-login?next=${encodeURIComponent(SEO_MANAGER_PATH)}`);
}
