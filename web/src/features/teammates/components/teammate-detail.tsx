import { FreshnessLine } from '../../../components/listings/freshness-line';
import type { PublicUser, ProfileView } from '@skillers/domain';
import { useQuery } from '@tanstack/react-query';
import { DetailLoadFailed } from '../../../components/listings/detail-not-found';
import {
  DetailGroup,
  DetailPage,
  DetailText,
  TagChips,
  TextLines,
  toolLabels,
  workingTypes,
} from '../../../components/listings/detail-parts';
import { useArrivedWhy, WhyThisMatch } from '../../../components/listings/why-this-match';
import { Spinner } from '../../../components/ui/spinner';
import { availabilityRangeText, hoursPerWeek, monthsText } from '../../../lib/display';
import { useOwnership } from '../../../lib/ownership';
import { teammateQuery } from '../api/teammates.api';

export const TEAMMATE_LOAD_FAILED = "We couldn't load this profile right now. Please try again in a moment.";

export const TeammateDetailScreen = ({ id }: { id: string }) => {
  const detail = useQuery(teammateQuery(id));
  if (detail.isPending) return <Spinner label="Loading the profile..." />;
  if (detail.isError) {
    return (
      <DetailLoadFailed
        error={detail.error}
        title="Skiller profile not found"
        back="/teammates"
        backLabel="Browse teammates"
        failedMessage={TEAMMATE_LOAD_FAILED}
      />
    );
  }
  return <TeammateDetail teammate={detail.data.teammate} owner={detail.data.teammate_creator} />;
};

/** Every group of a profile, the owner's Edit Profile, or Save and the message box. */
const TeammateDetail = ({ teammate, owner }: { teammate: ProfileView; owner: PublicUser }) => {
  const why = useArrivedWhy();
  const own = useOwnership().ownsTeammate(teammate._id);
  return (
    <DetailPage
      kind="Skiller"
      titleId="teammate-title"
      title={teammate.nickname}
      own={own}
      editHref={`/teammates/editTeammate/${teammate._id}`}
      save={{ kind: 'teammate', itemId: teammate._id, saved: teammate.isMyTeammate ?? false }}
      message={{ recipientId: owner._id, variant: 'teammate' }}
      report={{ targetKind: 'profile', targetId: teammate._id, ownerName: owner.username }}
    >
      <FreshnessLine lastActiveAt={teammate.lastActiveAt} openNow={teammate.openNow} />
      {why && <WhyThisMatch why={why} />}
      <DetailText title="Description" text={teammate.description} />
      <dl className="detail__groups">
        <DetailGroup title="Availability">
          <TextLines lines={[hoursPerWeek(teammate.availability), availabilityRangeText(teammate)]} />
        </DetailGroup>
        <DetailGroup title="Locations">
          <TagChips items={teammate.locations} />
        </DetailGroup>
        <DetailGroup title="Working type">
          <TagChips items={workingTypes(teammate)} />
        </DetailGroup>
        <DetailGroup title="Collaboration duration">
          <TextLines lines={[monthsText(teammate.deadline)]} />
        </DetailGroup>
        <DetailGroup title="Project type">
          <TagChips items={teammate.projectType} />
        </DetailGroup>
        <DetailGroup title="Industry">
          <TagChips items={teammate.areaOfExpertise} />
        </DetailGroup>
        <DetailGroup title="Product type">
          <TagChips items={teammate.productType} />
        </DetailGroup>
        <DetailGroup title="Reward">
          <TagChips items={teammate.reward} />
        </DetailGroup>
        <DetailGroup title="Compensation basis">
          <TagChips items={teammate.compensationBasis} />
        </DetailGroup>
        <DetailGroup title="Tools">
          <TagChips items={toolLabels(teammate.toolsExperience)} />
        </DetailGroup>
        <DetailGroup title="Soft skills">
          <TagChips items={teammate.softSkills} />
        </DetailGroup>
        <DetailGroup title="Hard skills">
          <TagChips items={teammate.hardSkills} />
        </DetailGroup>
        <DetailGroup title="Languages">
          <TagChips items={teammate.usedLanguages} />
        </DetailGroup>
        <DetailGroup title="Skills orientation">
          <TextLines
            lines={[
              teammate.skillsOrientation.join(' and '),
              `Business ${teammate.bizRole}% · Tech ${teammate.techRole}%`,
            ]}
          />
        </DetailGroup>
      </dl>
    </DetailPage>
  );
};
