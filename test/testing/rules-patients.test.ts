/**
 * Pins of the reference server's patient rules (issue 11, item 0), through `api.fetch`: CPF
 * uniqueness on the normalised digits (spec 4.7), a PATCH to a new, unused CPF and to the
 * patient's own, and the filters of GET /patients (`cpf` exact through the index, `phone`
 * exact, `name` a case-sensitive substring unless `nameFilter` folds case or accents, an empty
 * value filtering nothing).
 */
import { describe, expect, it } from 'vitest';
import { setup } from './helpers.ts';

// Valid CPFs (check digits correct), each written with and without punctuation.
const CPF_A = '529.982.247-25';
const CPF_A_DIGITS = '52998224725';
const CPF_B = '111.444.777-35';
const CPF_C = '123.456.789-09';

const ids = (body: { results: Array<{ id: number }> }) => body.results.map((p) => p.id);

describe('CPF uniqueness (spec 4.7)', () => {
  it('a PATCH to a new, unused CPF is 200; the CPF then finds that patient, the old one nobody', async () => {
    const s = setup();
    const ana = s.api.seed.patient({ name: 'Ana Lima', cpf: CPF_A });
    const patched = await s.send('PATCH', `/patients/${ana.id}`, { json: { cpf: CPF_B } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: ana.id, name: 'Ana Lima' });
    expect(patched.body).not.toHaveProperty('cpf');
    expect(ids((await s.send('GET', `/patients?cpf=${CPF_B}`)).body)).toEqual([ana.id]);
    expect(ids((await s.send('GET', `/patients?cpf=${CPF_A_DIGITS}`)).body)).toEqual([]);
    // The old CPF is free again: another patient may take it.
    const other = await s.send('POST', '/patients', { json: { name: 'Bia', cpf: CPF_A_DIGITS } });
    expect(other.status).toBe(201);
  });

  it("a PATCH to the patient's own CPF, written another way, is 200", async () => {
    const s = setup();
    const ana = s.api.seed.patient({ name: 'Ana Lima', cpf: CPF_A });
    const patched = await s.send('PATCH', `/patients/${ana.id}`, {
      json: { cpf: CPF_A_DIGITS, name: 'Ana L.' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe('Ana L.');
  });

  it("a PATCH to another patient's CPF is 409 patient_cpf_exists and changes nothing", async () => {
    const s = setup();
    const ana = s.api.seed.patient({ name: 'Ana Lima', cpf: CPF_A });
    s.api.seed.patient({ name: 'Bia Reis', cpf: CPF_B });
    const answer = await s.send('PATCH', `/patients/${ana.id}`, {
      json: { cpf: '11144477735', name: 'Changed' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('patient_cpf_exists');
    const after = await s.send('GET', `/patients/${ana.id}`);
    expect(after.body.name).toBe('Ana Lima');
    expect(ids((await s.send('GET', `/patients?cpf=${CPF_A}`)).body)).toEqual([ana.id]);
  });

  it('a create with a CPF already taken, written another way, is 409 patient_cpf_exists', async () => {
    const s = setup();
    s.api.seed.patient({ name: 'Ana Lima', cpf: CPF_A });
    const answer = await s.send('POST', '/patients', {
      json: { name: 'Bia', cpf: CPF_A_DIGITS },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('patient_cpf_exists');
  });

  it('a PATCH that erases the CPF frees it', async () => {
    const s = setup();
    const ana = s.api.seed.patient({ name: 'Ana Lima', cpf: CPF_A });
    expect((await s.send('PATCH', `/patients/${ana.id}`, { json: { cpf: null } })).status).toBe(
      200,
    );
    expect(ids((await s.send('GET', `/patients?cpf=${CPF_A}`)).body)).toEqual([]);
    const other = await s.send('POST', '/patients', { json: { name: 'Bia', cpf: CPF_A } });
    expect(other.status).toBe(201);
  });
});

describe('the filters of GET /patients (spec 4.7)', () => {
  function people() {
    const s = setup();
    const ana = s.api.seed.patient({ name: 'Ana Conceição', phone: '11911110000', cpf: CPF_A });
    const bia = s.api.seed.patient({ name: 'Bia Conceição', phone: '11922220000', cpf: CPF_B });
    const caio = s.api.seed.patient({ name: 'Caio Reis', phone: '11911110000', cpf: CPF_C });
    return { s, ana, bia, caio, all: [s.patient.id, ana.id, bia.id, caio.id] };
  }

  it('an empty value filters nothing', async () => {
    const { s, all } = people();
    expect(ids((await s.send('GET', '/patients?cpf=&phone=&name=')).body)).toEqual(all);
  });

  it('cpf is exact: the value as it was written, not another punctuation of it', async () => {
    const { s, bia } = people();
    expect(ids((await s.send('GET', `/patients?cpf=${encodeURIComponent(CPF_B)}`)).body)).toEqual([
      bia.id,
    ]);
    const bare = CPF_B.replace(/\D/g, '');
    if (bare !== CPF_B)
      expect(ids((await s.send('GET', `/patients?cpf=${bare}`)).body)).toEqual([]);
    expect(ids((await s.send('GET', '/patients?cpf=1114447773')).body)).toEqual([]);
    s.api.settings.patientFilters = 'normalised';
    expect(ids((await s.send('GET', '/patients?cpf=11144477735')).body)).toEqual([bia.id]);
  });

  it('phone is exact', async () => {
    const { s, ana, caio } = people();
    expect(ids((await s.send('GET', '/patients?phone=11911110000')).body)).toEqual([
      ana.id,
      caio.id,
    ]);
    expect(ids((await s.send('GET', '/patients?phone=1191111000')).body)).toEqual([]);
  });

  it('name is a case-sensitive substring by default; nameFilter folds case, then accents', async () => {
    const { s, ana, bia, caio } = people();
    const names = async (q: string) =>
      ids((await s.send('GET', `/patients?name=${encodeURIComponent(q)}`)).body);
    expect(await names('Conceição')).toEqual([ana.id, bia.id]);
    expect(await names('onceiç')).toEqual([ana.id, bia.id]);
    expect(await names('CONCEIÇÃO')).toEqual([]);
    expect(await names('reis')).toEqual([]);
    s.api.settings.nameFilter = 'fold-case';
    expect(await names('CONCEIÇÃO')).toEqual([ana.id, bia.id]);
    expect(await names('reis')).toEqual([caio.id]);
    expect(await names('conceicao')).toEqual([]);
    s.api.settings.nameFilter = 'fold-case-and-accents';
    expect(await names('conceicao')).toEqual([ana.id, bia.id]);
    expect(await names('CONCEIÇÃO')).toEqual([ana.id, bia.id]);
  });

  it('filters combine: every one given must match', async () => {
    const { s, ana, caio } = people();
    expect(ids((await s.send('GET', '/patients?phone=11911110000&name=Caio')).body)).toEqual([
      caio.id,
    ]);
    expect(ids((await s.send('GET', `/patients?cpf=${CPF_A}&phone=11911110000`)).body)).toEqual([
      ana.id,
    ]);
    expect(ids((await s.send('GET', `/patients?cpf=${CPF_A}&name=Bia`)).body)).toEqual([]);
    expect(ids((await s.send('GET', `/patients?cpf=${CPF_A}&phone=11922220000`)).body)).toEqual([]);
  });
});
