export * from './accounts';
export * from './plan';
export * from './texts';
export * from './workflow';
