/**
 * Creates one migrated template database on the server of TEST_DATABASE_URL; each test file
 * clones it with CREATE DATABASE ... TEMPLATE (fast) and drops its clone when done.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { createLegalService } from '../features/legal/legal.service';

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = `atelier_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await database.migrate();
  // As main.ts does at every start: the legal documents exist in every shop.
  await createLegalService({ db: database.db }).ensureSeeded();
  await database.close();
  project.provide('postgresTemplate', { adminUrl, template });
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
