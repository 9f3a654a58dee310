/**
 * The offers module's face (docs/product/selling.md): the deal routes — a listing's status and
 * buyer picker, offers and their answers, a chat's offer cards.
 */
export { offersRoutes } from './offers.routes.ts';
