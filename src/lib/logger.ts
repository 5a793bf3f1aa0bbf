import { featureFlags, type LogLevel } from './feature-flags';

/** Console logging filtered by the flag-log_level cookie (default: warnings and errors). */
function at(level: LogLevel, write: (...args: unknown[]) => void) {
  return (...args: unknown[]) => {
    if (featureFlags().logLevel <= level) write('[boligtilgængelighed]', ...args);
  };
}

export const logger = {
  trace: at(0, console.debug),
  debug: at(1, console.debug),
  info: at(2, console.info),
  warn: at(3, console.warn),
  error: at(4, console.error),
};
