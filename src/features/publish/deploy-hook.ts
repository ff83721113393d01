/** The deploy hook's timing (docs/decisions/0013), shared by its caller and the scheduled run that waits on it. */

/** The longest a deploy hook call waits for its answer. */
export const DEPLOY_HOOK_CALL_TIMEOUT_MS = 10_000;
