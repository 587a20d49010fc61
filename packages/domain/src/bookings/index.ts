export * from './accounts';
export * from './cost-centres';
export * from './plan';
export * from './texts';
export * from './workflow';
