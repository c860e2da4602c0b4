import { Module } from '@nestjs/common';
import { MyProfileController } from './my-profile.controller';
import { ProfileController } from './profile.controller';
import { ProfileRepository } from './profile.repository';
import { ProfileService } from './profile.service';

@Module({
  controllers: [ProfileController, MyProfileController],
  providers: [ProfileService, ProfileRepository],
  exports: [ProfileRepository, ProfileService],
})
export class ProfilesModule {}
