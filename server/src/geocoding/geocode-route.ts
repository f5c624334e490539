import type { FastifyInstance } from 'fastify';
import type { components } from '../../../src/api/geocoding-schema';
import { describeErrors, geocodingContractPath, loadContract } from '../contract/contract';
import { registerResponseValidation } from '../contract/routes';
import { createGeocoder, type Geocoder } from './geocoder';

type GeocodeResponse = components['schemas']['GeocodeResponse'];

/**
 * The shop's geocoder (decision 008 and its addendum): `GET /api/geo/geocode/json?address={zip}&key=`
 * in the geocoding service's shape, registered from openapi/geocoding.yaml and validated against it
 * like the shop's operations. It answers from the embedded zip data set, or asks the maps
 * geocoding service with GEOCODING_API_KEY (the browser always calls this route: the key stays
 * here). Failures are answered in the service's own shape, not as a Problem: the browser's
 * geocoding client reads `status` and `error_message`. The browser's `key` parameter is ignored.
 */
export function registerGeocoding(app: FastifyInstance, geocoder?: Geocoder): void {
  const chosen =
    geocoder ?? createGeocoder(app.config, (text, cause) => app.log.warn({ err: cause }, text));
  const contract = loadContract(geocodingContractPath);
  const op = contract.operations.get('geocode');
  if (!op) throw new Error('openapi/geocoding.yaml has no geocode operation');
  if (app.config.validateResponses) registerResponseValidation(app, contract);

  app.route({
    method: 'GET',
    url: op.url,
    config: { operationId: op.operationId },
    handler: async (request, reply) => {
      const query = (request.query ?? {}) as { address?: unknown };
      const address = typeof query.address === 'string' ? query.address.trim() : '';
      if (!address || (op.validateQuery && !op.validateQuery(request.query ?? {}))) {
        const detail = address ? describeErrors('query', op.validateQuery?.errors) : "Missing the 'address' parameter";
        const answer: GeocodeResponse = { status: 'INVALID_REQUEST', results: [], error_message: `Invalid request. ${detail}.` };
        return reply.code(400).send(answer);
      }
      const answer = await chosen.geocode(address);
      // A zip's point does not change: let the browser and proxies keep the answer, not a failure.
      reply.header('cache-control', answer.cacheable ? 'public, max-age=86400' : 'no-store');
      return reply.code(answer.httpStatus).send(answer.body);
    },
  });
}
