import { forKind } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { understandText } from './understand-text';

describe('understandText', () => {
  it('names labels, places and the words left for the text ranking', async () => {
    const understood = await understandText('need a react native dev for my fitness app in barcelona');
    expect(understood.labels.toolsExperience).toEqual(['React Native']);
    expect(understood.labels.locations).toEqual(['Spain']);
    expect(understood.places).toEqual(['barcelona']);
    expect(understood.words).toEqual(['react', 'native', 'dev', 'fitness', 'app', 'barcelona']);
    expect(understood.not).toEqual({});
  });

  it('rules out what the text negates and keeps its words out of the text ranking', async () => {
    const understood = await understandText('frontend only, not full stack');
    expect(understood.not.hardSkills).toEqual(['Full Stack Developer']);
    expect(understood.labels.hardSkills ?? []).not.toContain('Full Stack Developer');
    expect(understood.words).not.toContain('stack');
    const remote = await understandText('fully remote crypto project, no office');
    expect(remote.labels.offeredWorkingType).toEqual(['Remote']);
    expect(remote.not.offeredWorkingType).toEqual(['Office']);
    expect(remote.words).not.toContain('office');
    expect((await understandText('not remote')).labels.offeredWorkingType).toBeUndefined();
    expect((await understandText('a crypto-free fintech')).not).not.toEqual({});
  });

  it("tells the searcher's own roles apart: a teammate search leaves them out, a project search keeps them", async () => {
    const nurse = await understandText('nurse here with an idea for a phone app, need a techie to build it');
    expect(nurse.own).toEqual(['Nurse']);
    expect(forKind(nurse, 'teammate').labels.hardSkills ?? []).not.toContain('Nurse');
    expect(forKind(nurse, 'project').labels.hardSkills).toContain('Nurse');
    expect(forKind(nurse, 'project')).not.toHaveProperty('own');
    const designer = await understandText("i'm a product designer looking for a developer");
    expect(designer.own).toEqual(['Product Designer']);
    // A role the rest of the text asks for too is wanted all the same.
    const founder = await understandText("i'm a founder looking for a cofounder");
    expect(founder.own ?? []).not.toContain('Co-Founder');
    expect(forKind(founder, 'teammate').labels.hardSkills).toContain('Co-Founder');
    // A role asked for before "here" is no self-description.
    expect((await understandText('looking for a nurse here')).own).toBeUndefined();
    // A team speaks of itself too, and of what its members used to be.
    expect((await understandText('three of us are nurses building an app')).own).toEqual(['Nurse']);
    expect((await understandText("we're two designers, need a backend dev")).own).toEqual([
      'Graphic Designer',
    ]);
    expect((await understandText('used to be a journalist, where is that wanted')).own).toEqual([
      'Journalist',
    ]);
    expect((await understandText('we are looking for a nurse')).own).toBeUndefined();
  });

  it('corrects misspelt label words but never English words or places', async () => {
    expect((await understandText('pyhton data person')).labels.toolsExperience).toEqual(['Python']);
    expect(JSON.stringify(await understandText('actually anyone good'))).not.toContain('Actuary');
    const lagos = await understandText('designers in lagos');
    expect(lagos.labels.locations).toEqual(['Nigeria']);
    expect(JSON.stringify(lagos)).not.toContain('Laos');
  });

  it('reads lower-case tool names that are English words only next to a tool cue', async () => {
    expect((await understandText('unity developer')).labels.toolsExperience).toEqual(['Unity']);
    expect((await understandText('rust backend engineer')).labels.toolsExperience).toEqual(['Rust']);
    expect((await understandText('we want to go fast')).labels.toolsExperience).toBeUndefined();
  });

  it('reads descriptions of the work as the labels they describe (EVERYDAY_CUES)', async () => {
    const docs = await understandText('person to write our help docs and api guides');
    expect(docs.labels.hardSkills).toContain('Technical Writer');
    const founder = await understandText('projects where i could become a founder');
    expect(founder.labels.hardSkills).toEqual(expect.arrayContaining(['Founder', 'Co-Founder']));
    expect(founder.labels.offeredGratification).toContain('Co-Founder Title');
    const payday = await understandText('help people stop running out of money before payday');
    expect(payday.labels.requiredAreaOfExpertise).toEqual(
      expect.arrayContaining(['Fintech', 'Personal Finance']),
    );
  });

  it('reads money as the cash rewards only where the text rules it out (RULED_OUT_CUES)', async () => {
    const unpaid = await understandText('non-profit projects, no money involved');
    expect(unpaid.not.offeredGratification).toEqual(
      expect.arrayContaining(['Fixed Fee', 'Hourly Pay', 'Salary', 'Equity Grant']),
    );
    expect(unpaid.labels.projectType).toEqual(['Non-Profit']);
    const making = await understandText('making money stuff easier for freelancers');
    expect(making.labels.offeredGratification).toBeUndefined();
    expect(making.not).toEqual({});
    // Beside a label of another kind in the same ruled-out part, money is the trade, not the pay.
    const trade = await understandText('product manager who has never worked on money or banking stuff');
    expect(trade.not.offeredGratification).toBeUndefined();
    expect(trade.not.requiredAreaOfExpertise).toContain('Banking');
    expect(trade.labels.hardSkills).toEqual(['Product Manager']);
    // Each ruled-out part is read alone: "not remote" does not make the money in another part a trade.
    const unpaidOnSite = await understandText('design help, no money involved, not remote');
    expect(unpaidOnSite.not.offeredGratification).toEqual(expect.arrayContaining(['Salary', 'Hourly Pay']));
    expect(unpaidOnSite.not.offeredWorkingType).toEqual(['Remote']);
  });

  it('reads a part the text rules out by names, not by the cues that describe wanted work', async () => {
    const hacked = await understandText('we do not want to get hacked again');
    expect(hacked.not.hardSkills ?? []).not.toContain('Security Engineer');
    const stack = await understandText('a frontend developer, not a full stack developer');
    expect(stack.not.hardSkills).toContain('Full Stack Developer');
    // A cue that repeats a word of the label's name names the trade, and rules it out.
    const flat = await understandText('2d artist for our game, no 3d modelling needed');
    expect(flat.not.hardSkills).toContain('3D Artist');
    expect(flat.labels.hardSkills ?? []).not.toContain('3D Artist');
    // A tool name that is also an English word is a tool where the rest of the text speaks of tools.
    const engines = await understandText('game dev projects, anything other than unity');
    expect(engines.not.toolsExperience).toEqual(['Unity']);
    expect(
      (await understandText('a community project, anything but unity')).not.toolsExperience,
    ).toBeUndefined();
    // Pay is ruled out by the word that asks for it elsewhere, as a ruled-out cue.
    const unpaid = await understandText('a charity project, not paid');
    expect(unpaid.not.offeredGratification).toEqual(
      expect.arrayContaining(['Fixed Fee', 'Hourly Pay', 'Salary']),
    );
  });

  it('reads jam jars as no game jam', async () => {
    const jars = await understandText('the label on our jam jars and the box it ships in');
    expect(jars.labels.projectType ?? []).not.toContain('Hackathon Project');
  });

  it('does not rule out what the wanted part names too', async () => {
    const jam = await understandText('game dev for a long project, not a weekend game jam');
    expect(jam.not.projectType).toEqual(expect.arrayContaining(['Game Jam', 'Hackathon Project']));
    expect(jam.not.productType).toBeUndefined();
    expect(jam.labels.hardSkills).toEqual(['Game Developer']);
    const kids = await understandText('a video game for a long project, not a game for kids');
    expect(kids.not.productType).toBeUndefined();
    expect(kids.labels.productType).toEqual(['Video Game']);
  });
});
