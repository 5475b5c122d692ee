import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SettingsAnswer, settingsSections } from '../../../contract/settings';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { loadSettings, saveSection, toSettingsAnswer } from '../../kernel/settings';

const SectionParams = z.object({ section: z.enum(settingsSections) });
/** The section's value is checked against that section's schema by the service. */
const SaveBody = z.object({ value: z.unknown(), revision: z.number().int().min(0) });

/**
 * The owner's settings: GET declares `settings.read` and PUT `settings.write`.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      config: { access: 'settings.read' },
      schema: {
        tags: ['settings'],
        summary: "The store's settings as in force, with each section's revision (owner)",
        response: { 200: SettingsAnswer, ...errorResponses(401, 403) },
      },
    },
    async () => toSettingsAnswer(await loadSettings(app.db, app.settingsDefaults)),
  );

  app.put(
    '/settings/:section',
    {
      config: { access: 'settings.write' },
      schema: {
        tags: ['settings'],
        summary:
          'Save one section (store, shipping, tax, orders, returns, inventory); in force on every instance at once (owner)',
        params: SectionParams,
        body: SaveBody,
        response: { 200: SettingsAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      await saveSection(app.db, app.settingsDefaults, request.params.section, request.body, {
        userId: signedIn(request).id,
        ip: request.ip,
      });
      // This instance heard the commit already; reading now makes its very next request use it.
      return toSettingsAnswer(await app.settings.refresh());
    },
  );
};
