/**
 * What other modules may use of bookings (everything else is internal):
 * - syncBookings: called by payments inside the transaction that creates, supersedes or
 *   cancels payment lines; books new lines and reverses booked ones that changed.
 * - bookedPaymentLines: which payment lines are booked (e.g. to refuse withdrawing a
 *   confirmation whose lines are booked).
 * - recordExportResult: for the export job (issue 14).
 * - bookedDocumentIds: which documents are booked (Service → Stand der Bearbeitung).
 */
export { bookedDocumentIds } from './booked-documents';
export { bookedPaymentLines, syncBookings } from './generation';
export { bookingRoutes } from './routes';
export { recordExportResult } from './workflow';
