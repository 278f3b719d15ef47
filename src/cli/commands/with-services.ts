import { loadConfig } from '../../config.ts';
import { createServices, type Services } from '../../services.ts';

/** Runs a command body with services built from the environment, and always closes them. */
export async function withServices<T>(body: (services: Services) => Promise<T>): Promise<T> {
  const services = await createServices(loadConfig());
  try {
    return await body(services);
  } finally {
    await services.close();
  }
}
