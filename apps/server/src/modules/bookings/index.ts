/**
 * What other modules may use of bookings (everything else is internal):
 * - syncBookings: called by payments inside the transaction that creates, supersedes or
 *   cancels payment lines; books new lines and reverses booked ones that changed.
 * - bookedPaymentLines: which payment lines are booked (e.g. to refuse withdrawing a
 *   confirmation whose lines are booked).
 * - recordExportResult, runTransition, lockSession: for the export job and the export routes
 *   (issue 14); the tables for the export's foreign keys.
 * - accountMappingOf: the company's accounts and DATEV numbers (for the export).
 * - bookedDocumentIds: which documents are booked (Service → Stand der Bearbeitung).
 * - archivedSessionsSql, restoreSession: the archive (issue 15).
 * - exportedBookingOf, bookingsOfLines, setProvision: for the reports (issue 15: the
 *   "gebucht" column and its trace, adopting a provision proposal).
 */
export { accountMappingOf } from './accounts';
export { archivedSessionsSql, restoreSession } from './archive';
export { bookedDocumentIds } from './booked-documents';
export { bookedPaymentLines, syncBookings } from './generation';
export { lockSession } from './repo';
export { setProvision } from './provisions';
export { bookingsOfLines, exportedBookingOf } from './reporting';
export { bookingRoutes, type BookingHooks } from './routes';
export { bookingLines, bookingSessions, bookings } from './schema';
export { recordExportResult, runTransition } from './workflow';
