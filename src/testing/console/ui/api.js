// The control API, read with the admin token. The token lives in this tab only (memory, and
// sessionStorage when the user asks to keep it) and travels only in the Authorization header:
// never in a URL, a cookie or the console's own output.

const KEY = 'clinic-console-token';

/** Thrown for a control answer that is not 2xx; `detail` is the server's explanation. */
export class ControlError extends Error {
  constructor(status, detail) {
    super(`${status}: ${detail}`);
    this.status = status;
    this.detail = detail;
  }
}

/** The control API at `root` (the URL of `/__control/`). */
export function createApi(root, onUnauthorized) {
  let token = sessionStorage.getItem(KEY) ?? '';

  async function call(method, path, body) {
    const headers = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, root), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
      redirect: 'error',
    });
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (response.status === 401) onUnauthorized();
    if (!response.ok) throw new ControlError(response.status, data?.detail ?? text);
    return { data, text };
  }

  return {
    get hasToken() {
      return token !== '';
    },
    setToken(value, keep) {
      token = value;
      if (keep) sessionStorage.setItem(KEY, value);
      else sessionStorage.removeItem(KEY);
    },
    forget() {
      token = '';
      sessionStorage.removeItem(KEY);
    },
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    send: call,
  };
}
