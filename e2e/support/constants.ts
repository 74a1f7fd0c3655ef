/** The invitation code the journeys' server seeds on start (GENESIS_INVITE_CODE). */
export const GENESIS_CODE = 'E2EGENESIS';

/**
 * The operator the journeys' server knows (OPERATOR_KEYS `e2e-operator@compliance+content+support:<key>`): journeys act as
 * the operator through `/api/operator/*` with this key in the `x-operator-key` header. Test only.
 */
export const OPERATOR_NAME = 'e2e-operator';
export const OPERATOR_KEY = 'e2e-operator-key-0123456789abcdefghijklm';
