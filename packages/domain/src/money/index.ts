export { formatMoneyDe, formatMoneyPlain, MoneyFormatError, type MoneyValue, moneyToCents } from './format';
