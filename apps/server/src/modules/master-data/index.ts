/** The master-data module's public face for other modules. */
export {
  masterData,
  masterDataRates,
  masterDataReferences,
  masterDataWages,
  rateConflictDecisions,
} from './schema';
