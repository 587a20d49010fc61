/** The municipalities module's public face for other modules. */
export { municipalities, municipalityRates } from './schema';
export { type ResolvedMunicipality, resolveMunicipality } from './resolve';
export { municipalityOrder } from './search-index';
