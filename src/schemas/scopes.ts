/**
 * The key scopes of spec section 5.
 *
 * @module
 */
import type { Assert, Equals } from '../internal/type-equality.ts';

/** The four scopes of spec section 5, in the order the spec lists them. */
export const SCOPES = [
  'appointments:read',
  'appointments:write',
  'patients:read',
  'patients:write',
] as const;

/**
 * A key scope (spec 5), chosen when the key is created: the preset Read only holds the two read
 * scopes, Full access all four. Keys created before the patient scopes existed hold neither
 * `patients:read` nor `patients:write`.
 */
export type Scope = 'appointments:read' | 'appointments:write' | 'patients:read' | 'patients:write';

type _ScopeCheck = Assert<Equals<Scope, (typeof SCOPES)[number]>>;
