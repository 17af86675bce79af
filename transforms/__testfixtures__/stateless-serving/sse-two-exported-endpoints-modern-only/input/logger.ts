export const logger = {
  info: (message: string, fields: Record<string, unknown>) => console.log(message, JSON.stringify(fields)),
  error: (message: string, fields: Record<string, unknown>) => console.error(message, JSON.stringify(fields)),
};
