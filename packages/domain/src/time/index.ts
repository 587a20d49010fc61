export { berlinDate, berlinDateTimeParts, type BerlinDateTimeParts } from './berlin';
