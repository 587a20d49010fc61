export { berlinDateTimeParts, type BerlinDateTimeParts } from './berlin';
