import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreatePatientRequest, PatientFolder, PatientParams, PatientsResponse, UpdatePatientRequest } from '@oncodesk/shared/contracts';
import type { PatientsService } from './service';

/** Patient folders of the signed-in user: list, create, read, rename / change focus area, delete. */
export const patientsRoutes: FastifyPluginAsyncZod<{ patients: PatientsService }> = async (app, { patients }) => {
  const tags = ['patients'];
  const security = [{ bearer: [] }];

  app.get('/patients', { schema: { tags, security, response: { 200: PatientsResponse } } }, async (request) => ({ patients: await patients.list(request.userId) }));

  app.post('/patients', { schema: { tags, security, body: CreatePatientRequest, response: { 201: PatientFolder } } }, async (request, reply) =>
    reply.status(201).send(await patients.create(request.userId, request.body)),
  );

  app.get('/patients/:id', { schema: { tags, security, params: PatientParams, response: { 200: PatientFolder } } }, async (request) => patients.get(request.userId, request.params.id));

  app.patch('/patients/:id', { schema: { tags, security, params: PatientParams, body: UpdatePatientRequest, response: { 200: PatientFolder } } }, async (request) =>
    patients.update(request.userId, request.params.id, request.body),
  );

  app.delete('/patients/:id', { schema: { tags, security, params: PatientParams, response: { 204: z.null() } } }, async (request, reply) => {
    await patients.remove(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
};
