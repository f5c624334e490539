import type { FastifyInstance } from 'fastify';
import type { components } from '../../../src/api/geocoding-schema';
import { describeErrors, geocodingContractPath, loadContract } from '../contract/contract';
import { registerResponseValidation } from '../contract/routes';
import { zipCentroid } from './zip-centroids';

type GeocodeResponse = components['schemas']['GeocodeResponse'];

/** A zip in the address: "83702", "83702-1234", "Boise, ID 83702" (the last one wins). */
const ZIP = /(?<!\d)(\d{5})(?:-\d{4})?(?!\d)/g;

export function geocodeAddress(address: string): GeocodeResponse {
  const zip = [...address.matchAll(ZIP)].pop()?.[1];
  const location = zip ? zipCentroid(zip) : undefined;
  if (!zip || !location) return { status: 'ZERO_RESULTS', results: [] };
  return { status: 'OK', results: [{ formatted_address: `${zip}, USA`, geometry: { location } }] };
}

/**
 * The embedded geocoder (decision 008): `GET /api/geo/geocode/json?address={zip}&key=` in the
 * geocoding service's shape, registered from openapi/geocoding.yaml and validated against it
 * like the shop's operations. Failures are answered in the service's own shape, not as a Problem:
 * the browser's geocoding client reads `status` and `error_message`.
 */
export function registerGeocoding(app: FastifyInstance): void {
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
      // A zip's centroid does not change: let the browser and proxies keep the answer.
      reply.header('cache-control', 'public, max-age=86400');
      return geocodeAddress(address);
    },
  });
}
