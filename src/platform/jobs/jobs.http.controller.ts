import { Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import { Roles, RolesGuard } from '../auth/roles.guard.js';
import { SessionGuard } from '../auth/session.guard.js';
import { ApiError } from '../http/api-error.js';
import { validate } from '../http/validate.js';
import { JOB_QUEUE } from '../tokens.js';
import { JobNotFailed, type JobQueue } from './job-queue.port.js';

@ApiTags('admin')
@Controller('api/admin/jobs')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class JobsController {
  constructor(@Inject(JOB_QUEUE) private readonly jobs: JobQueue) {}

  @Get('failed')
  @ApiOperation({ summary: 'Jobs that ran out of attempts, newest first, with their last error (admins only).' })
  async failed() {
    return { driver: this.jobs.kind, jobs: await this.jobs.failed(100) };
  }

  @Post(':jobId/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Runs a failed job again from its first attempt.' })
  async retry(@Param('jobId') jobId: string) {
    validate(z.string().min(1).max(200), jobId, 'jobId');
    try {
      await this.jobs.retry(jobId);
    } catch (error) {
      throw error instanceof JobNotFailed ? new ApiError(404, 'NOT_FOUND', 'No failed job with this id.') : error;
    }
    return { success: true };
  }
}
