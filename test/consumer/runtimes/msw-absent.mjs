// A stand-in for msw in the workerd bundle only: msw cannot load in workerd (it needs
// localStorage at import), and `@clinic-scheduling/sdk/testing` imports it for `api.handlers`,
// which a worker does not use. Remove it (and the --alias in ../run.ts) once /testing no
// longer imports msw (the MSW handlers moving to @clinic-scheduling/sdk/testing/msw).
export const http = { all: () => ({}) };
export const HttpResponse = { error: () => Response.error() };
