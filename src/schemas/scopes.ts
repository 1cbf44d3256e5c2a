/** The key scopes of spec section 5. @module */
import type { Assert, Equals } from '../internal/type-equality.ts';

/** The four scopes of spec section 5, in the order the spec lists them. */
export const SCOPES = [
  'appointments:read',
  'appointments:write',
  'patients:read',
  'patients:write',
] as const;

/** A key scope (spec 5); keys older than the patient scopes hold neither patient scope. */
export type Scope = 'appointments:read' | 'appointments:write' | 'patients:read' | 'patients:write';

type _ScopeCheck = Assert<Equals<Scope, (typeof SCOPES)[number]>>;
