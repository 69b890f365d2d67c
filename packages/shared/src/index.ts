export * from './plans';
export * from './words';
export * from './timings';
export * from './strings';
export * from './errors';
export * from './schemas';
export * from './admin';
export * from './api';
