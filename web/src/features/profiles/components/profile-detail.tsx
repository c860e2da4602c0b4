import { AnswerRateLine } from '../../../components/listings/answer-rate-line';
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
import { profileQuery } from '../api/profiles.api';

export const PROFILE_LOAD_FAILED = "We couldn't load this profile right now. Please try again in a moment.";

export const ProfileDetailScreen = ({ id }: { id: string }) => {
  const detail = useQuery(profileQuery(id));
  if (detail.isPending) return <Spinner label="Loading the profile..." />;
  if (detail.isError) {
    return (
      <DetailLoadFailed
        error={detail.error}
        title="Skiller profile not found"
        back="/teammates"
        backLabel="Browse teammates"
        failedMessage={PROFILE_LOAD_FAILED}
      />
    );
  }
  return <ProfileDetail profile={detail.data.teammate} owner={detail.data.teammate_creator} />;
};

/** Every group of a profile, the owner's Edit Profile, or Save and the message box. */
const ProfileDetail = ({ profile, owner }: { profile: ProfileView; owner: PublicUser }) => {
  const why = useArrivedWhy();
  const own = useOwnership().ownsProfile(profile._id);
  return (
    <DetailPage
      kind="Skiller"
      titleId="teammate-title"
      title={profile.nickname}
      own={own}
      editHref={`/teammates/editTeammate/${profile._id}`}
      save={{ kind: 'teammate', itemId: profile._id, saved: profile.isMyTeammate ?? false }}
      message={{ recipientId: owner._id, variant: 'teammate' }}
      report={{ targetKind: 'profile', targetId: profile._id, ownerName: owner.username }}
    >
      <FreshnessLine lastActiveAt={profile.lastActiveAt} openNow={profile.openNow} />
      <AnswerRateLine userId={profile.ownerId} className="detail__answers" />
      {why && <WhyThisMatch why={why} />}
      <DetailText title="Description" text={profile.description} />
      <dl className="detail__groups">
        <DetailGroup title="Availability">
          <TextLines lines={[hoursPerWeek(profile.availability), availabilityRangeText(profile)]} />
        </DetailGroup>
        <DetailGroup title="Locations">
          <TagChips items={profile.locations} />
        </DetailGroup>
        <DetailGroup title="Working type">
          <TagChips items={workingTypes(profile)} />
        </DetailGroup>
        <DetailGroup title="Collaboration duration">
          <TextLines lines={[monthsText(profile.deadline)]} />
        </DetailGroup>
        <DetailGroup title="Project type">
          <TagChips items={profile.projectType} />
        </DetailGroup>
        <DetailGroup title="Industry">
          <TagChips items={profile.areaOfExpertise} />
        </DetailGroup>
        <DetailGroup title="Product type">
          <TagChips items={profile.productType} />
        </DetailGroup>
        <DetailGroup title="Reward">
          <TagChips items={profile.reward} />
        </DetailGroup>
        <DetailGroup title="Compensation basis">
          <TagChips items={profile.compensationBasis} />
        </DetailGroup>
        <DetailGroup title="Tools">
          <TagChips items={toolLabels(profile.toolsExperience)} />
        </DetailGroup>
        <DetailGroup title="Soft skills">
          <TagChips items={profile.softSkills} />
        </DetailGroup>
        <DetailGroup title="Hard skills">
          <TagChips items={profile.hardSkills} />
        </DetailGroup>
        <DetailGroup title="Languages">
          <TagChips items={profile.usedLanguages} />
        </DetailGroup>
        <DetailGroup title="Skills orientation">
          <TextLines
            lines={[
              profile.skillsOrientation.join(' and '),
              `Business ${profile.bizRole}% · Tech ${profile.techRole}%`,
            ]}
          />
        </DetailGroup>
      </dl>
    </DetailPage>
  );
};
