/** The invitation code the journeys' server seeds on start (GENESIS_INVITE_CODE). */
export const GENESIS_CODE = 'E2EGENESIS';
