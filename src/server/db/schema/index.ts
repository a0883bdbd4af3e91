export * from './auth';
export * from './members';
export * from './cycles';
export * from './community';
export * from './billing';
export * from './programme';
export * from './audit';
export * from './idempotency';
