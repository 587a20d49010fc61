/** The payments module's public face for other modules. */
export { paymentLines, payments, paymentYears } from './schema';
