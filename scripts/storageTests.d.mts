export function storageTestFiles(root?: string): string[];
