export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');
export const SERVICE_OPTIONS = Symbol('SERVICE_OPTIONS');
