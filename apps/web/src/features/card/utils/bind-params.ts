/**
 * Query parameter of the bind page (`/pages/card/index?id=`): the record id of the card "Go to
 * Bind" was pressed on, so the page can name the card being bound. Never its number or ID: those
 * are typed from the card, which is what binding proves.
 */
export const BIND_CARD_ID_PARAM = 'id';
