"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GENESIS_CODE = void 0;
/** The invitation code the journeys' server seeds on start (GENESIS_INVITE_CODE). */
exports.GENESIS_CODE = 'E2EGENESIS';
