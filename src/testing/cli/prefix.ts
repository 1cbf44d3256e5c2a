/** The control API's prefix, alone so that the console imports it without the control API. @module */

/** The prefix of every control route. */
export const CONTROL_PREFIX = '/__control';
